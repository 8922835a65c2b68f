export { renderChartSvg, type ChartSpec, type RenderChartSvgOptions } from './chart-svg.js';
export { chartPalette, chartWidth, chartHeight, type ChartRow } from './chart-theme.js';
export { lineChartSpec, lineChartOptionsSchema, type LineChartOptions } from './line-chart-spec.js';
export { distributionChartSpec, distributionChartOptionsSchema, type DistributionChartOptions } from './distribution-chart-spec.js';
export { stackedShareChartSpec, stackedShareChartOptionsSchema, type StackedShareChartOptions } from './stacked-share-chart-spec.js';
export { countReportCharts, type ReportDocument, type ReportSection, type ReportTable, type ReportChart } from './report-document.js';
export { formatReportNumber } from './format-report-number.js';
export { renderReportHtml, escapeHtml } from './report-html.js';
export { writeReportFile, type ReportTextWriter, type WriteReportFileOptions } from './write-report.js';
export { scoreRunForReport, toReportRun, type ReportRun, type ScoreRunForReportOptions } from './report-run.js';
export {
  computeTrajectoryStatistics,
  statisticByIndex,
  type BootstrapSettings,
  type TrajectoryStatistics,
  type IndexStatistic,
  type QuarterShares,
  type ConsecutiveDelta,
  type DeltaStep,
  type DeltaCorrelation,
  type RunSummary,
} from './trajectory-statistics.js';
export {
  trajectoryStatisticsOptionsSchema,
  trajectoryReportOptionsSchema,
  type TrajectoryStatisticsOptions,
  type TrajectoryReportOptions,
} from './trajectory-report-options.js';
export { buildTrajectoryReport, type TrajectoryReport } from './trajectory-report.js';
