import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate } from "../../../../shared/format";
import { useLocale, useTranslation } from "../../../i18n";
import { useFormatDuration } from "../hooks/use-format-duration";

export type ChartEntry = { date: string; quoteViews: number; averageTime: number };

/**
 * Views per day (bars) and average reading time (line). Recharts is loaded only here: the
 * dashboard imports this module lazily, so no other page ships the chart library.
 */
export default function OverviewChart({ entries }: { entries: ChartEntry[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const duration = useFormatDuration();
  const short = (iso: string) =>
    new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
  return (
    <div className="h-72 w-full" aria-hidden="true" data-testid="overview-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart accessibilityLayer={false} data={entries} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="date" tickFormatter={short} tick={{ fontSize: 12, fill: "#475569" }} minTickGap={24} />
          <YAxis yAxisId="views" allowDecimals={false} tick={{ fontSize: 12, fill: "#475569" }} />
          <YAxis yAxisId="time" orientation="right" tickFormatter={(v) => duration(Number(v))} tick={{ fontSize: 12, fill: "#0f766e" }} width={64} />
          <Tooltip
            labelFormatter={(label) => formatDate(String(label), locale)}
            formatter={(value, name) =>
              name === "averageTime" ? [duration(Number(value)), t("statistics:overview.averageTime")] : [value, t("statistics:overview.views")]
            }
          />
          <Legend
            verticalAlign="top"
            height={28}
            iconSize={10}
            wrapperStyle={{ fontSize: 12 }}
            formatter={(name) => (name === "averageTime" ? t("statistics:overview.averageTime") : t("statistics:overview.views"))}
          />
          <Bar yAxisId="views" dataKey="quoteViews" name="quoteViews" fill="#1f57d1" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Line yAxisId="time" dataKey="averageTime" name="averageTime" stroke="#0f766e" strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
