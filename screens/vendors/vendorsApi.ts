import type { FeeName, ProrateMode } from '../../schemas/vendors';
import { http } from '../../engine/http';
import type { FeeTermsAnswer } from './feeTimelineState';

/** Spec 02 §5, §8 messages, spelled as the spec does (user-facing only). */
export const VENDOR_MESSAGES = {
  notSaved: 'Error! Try again after save the vendor.',
  saveFailed: 'Faild To Save The Commission',
  deleteFailed: 'Faild To Delete The Commission',
  deleteProrateFailed: 'Faild To Delete The Pro Rate',
  saved: 'Successfully Saved',
  deleted: 'Successfully Deleted',
  days: 'Please Select Exact Rental Days',
  price: 'Please Input Correct New Rental Price',
  noVendor: 'No user was found for proceeding the filtering.',
} as const;

/** A vendor as the picker and the lists answer it. */
export interface VendorSummary {
  id: number;
  username: string;
  active?: number | boolean;
  vendor_id: number;
}

export interface ProrateRecord {
  id: number;
  vendor_id: number;
  start: string;
  price: number;
  days: number;
  prorate: number;
  memo: string | null;
  calcoptions: ProrateMode;
  /** 'price,days,prorate' (spec 02 §3). */
  value: string;
}

export interface ProratePayload {
  start: string;
  days: number;
  newprice: number;
  proratefee: number;
  vendor_id: number;
  memo: string;
  calcoptions: ProrateMode;
  updateRentFee: 'yes' | 'no';
}

// Fee calls show the spec's own failure messages, so the client's generic error snackbar is skipped.
export async function fetchFeeTerms(name: FeeName, vendorId: number): Promise<FeeTermsAnswer> {
  return (await http.get<FeeTermsAnswer>(`/smp/vendors/${name}/${vendorId}`)).data;
}

export async function saveFeeEntry(body: { value: number; name: FeeName; vendor_id: number; start: string }): Promise<void> {
  await http.post('/smp/vendors/commission', body, { silent: true });
}

export async function deleteFeeEntry(id: number): Promise<void> {
  await http.delete(`/smp/vendors/commission/${id}`, { silent: true });
}

export async function fetchProrateFees(vendorId: number): Promise<ProrateRecord[]> {
  return (await http.get<ProrateRecord[]>(`/smp/vendors/pro-rate-fee/${vendorId}`)).data;
}

/** The server's refusal (a 422 names the rule) is shown by the http client's snackbar. */
export async function saveProrateFee(body: ProratePayload): Promise<void> {
  await http.post('/smp/vendors/pro-rate-fee', body);
}

export async function deleteProrateFee(id: number): Promise<void> {
  await http.delete(`/smp/vendors/pro-rate-fee/${id}`, { silent: true });
}

export async function fetchVendors(filter: 'active' | 'all', search: string, signal?: AbortSignal): Promise<VendorSummary[]> {
  const params: Record<string, string> = { filter };
  if (search.trim()) params.search = search.trim();
  return (await http.get<VendorSummary[]>('/smp/vendors', { params, silent: true, ...(signal ? { signal } : {}) })).data;
}
