export { newOrderSummaryWrites, rebuildSummaries, refreshOrderSummary, summaryOrderFigures, summaryWritesOf, type SummaryPatch } from './write';
export { orderRowsOf, orderRowsQuery } from './read';
export { MEASURES, type Dim, type Measure } from './parts';
export { summaryCashierSums, summaryFigureSums, summaryLineSums, summaryTenderSums, type DaySpan, type SummaryLineGroup } from './sums';
