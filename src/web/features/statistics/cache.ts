/** Types of this feature without an identity of their own: embedded in their parent query. */
export const statisticsKeys = {
  QuoteStatistics: () => null,
  QuoteTimeEntry: () => null,
  QuoteBlockTime: () => null,
  QuoteListStatistic: () => null,
  StatisticsOverview: () => null,
  StatisticsOverviewEntry: () => null,
  ViewStatistic: () => null,
  TimeStatistic: () => null,
} as const;
