/** A table of a report section: column headers and rows of cells (numbers are formatted when rendered). */
export interface ReportTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number | null)[])[];
}

/** A chart of a report section: its title (used in error messages) and its Vega-Lite spec with inline data. */
export interface ReportChart {
  readonly title: string;
  readonly spec: object;
}

/** One section of a report: a heading, then its paragraphs, table and charts, in that order. */
export interface ReportSection {
  readonly heading: string;
  readonly paragraphs?: readonly string[];
  readonly table?: ReportTable;
  readonly charts?: readonly ReportChart[];
}

/** A report as plain data, rendered to one self-contained HTML file by `renderReportHtml`. */
export interface ReportDocument {
  readonly title: string;
  readonly subtitle?: string;
  /** Shown under the title as given (e.g. an ISO timestamp); the renderer never reads the clock itself. */
  readonly generatedAt?: string;
  readonly sections: readonly ReportSection[];
}

/** How many charts a report holds: the number of `<svg>` elements its HTML will contain. */
export function countReportCharts(report: ReportDocument): number {
  return report.sections.reduce((total, section) => total + (section.charts?.length ?? 0), 0);
}
