export { rebuildSummaries, refreshOrderSummary } from './write';
export { MEASURES, type Dim, type Measure } from './parts';
export { summaryCashierSums, summaryFigureSums, summaryLineSums, summaryTenderSums, type DaySpan, type SummaryLineGroup } from './sums';
