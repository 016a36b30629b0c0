import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportRow } from '../../schemas/reports';

export interface ReportChartProps {
  type: 'line' | 'bar';
  rows: ReportRow[];
  label: string;
  value: string;
  valueLabel: string;
}

/** A line (daily sales) or bars (by vendor) of one report column; recharts loads with this module only. */
export default function ReportChart({ type, rows, label, value, valueLabel }: ReportChartProps) {
  const data = rows.map((row) => ({ name: String(row[label] ?? ''), [valueLabel]: Number(row[value] ?? 0) }));
  return (
    <div className="h-64 w-full" data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%">
        {type === 'line' ? (
          <LineChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" fontSize={12} />
            <YAxis fontSize={12} />
            <Tooltip />
            <Line type="monotone" dataKey={valueLabel} stroke="#2563eb" dot={false} isAnimationActive={false} />
          </LineChart>
        ) : (
          <BarChart data={data.slice(0, 20)}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" fontSize={12} />
            <YAxis fontSize={12} />
            <Tooltip />
            <Bar dataKey={valueLabel} fill="#2563eb" isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
