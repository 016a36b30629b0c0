import { API_BASE_URL, http } from '../../engine/http';
import type { DenominationCount, RegisterState, SessionSummary, ZReport } from '../../schemas/registers';

/** The register-session calls (server/routes/registers.ts). */

export interface Count {
  counts?: DenominationCount[];
  total?: number;
}

export const registerQueryKeys = {
  states: ['registers', 'states'] as const,
  sessions: ['registers', 'sessions'] as const,
};

export async function fetchRegisterStates(): Promise<RegisterState[]> {
  return (await http.get<RegisterState[]>('/register-sessions/registers')).data;
}

export async function fetchSessions(): Promise<{ data: SessionSummary[] }> {
  return (await http.get<{ data: SessionSummary[] }>('/register-sessions')).data;
}

export async function fetchReport(sessionId: number): Promise<ZReport> {
  return (await http.get<ZReport>(`/register-sessions/${sessionId}`)).data;
}

export async function openRegister(registerId: number, count: Count): Promise<string> {
  return (await http.post<{ message: string }>('/register-sessions', { register_id: registerId, ...count })).data.message;
}

export async function moveCash(sessionId: number, body: { type: 'in' | 'out'; amount: number; reason: string }): Promise<string> {
  return (await http.post<{ message: string }>(`/register-sessions/${sessionId}/cash`, body)).data.message;
}

export async function closeRegister(sessionId: number, count: Count & { note?: string }): Promise<string> {
  return (await http.post<{ message: string }>(`/register-sessions/${sessionId}/close`, count)).data.message;
}

export async function acceptDifference(sessionId: number, note: string): Promise<string> {
  return (await http.post<{ message: string }>(`/register-sessions/${sessionId}/accept`, { note })).data.message;
}

/** The Z report page the hidden frame prints (the X report while the session is open). */
export const zReportUrl = (sessionId: number) => `${API_BASE_URL}/receipts/z-report/${sessionId}`;
