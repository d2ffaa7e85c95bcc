import { Document, Page, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { Party, styles } from "../billing/invoice-pdf";
import { type QuoteInvoiceRow, depositInvoiceView } from "./deposit-invoice";

/** The deposit invoice as a PDF (imported on demand: @react-pdf stays out of the start-up bundle, decision 042). */
export async function renderDepositInvoicePdf(invoice: QuoteInvoiceRow): Promise<Buffer> {
  const v = depositInvoiceView(invoice);
  return renderToBuffer(
    <Document title={v.title} language={v.locale}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{v.title}</Text>
        <Text>{`${v.t("number")}: ${v.number}`}</Text>
        <Text>{`${v.t("date")}: ${v.date}`}</Text>
        <View style={styles.parties}>
          <Party label={v.t("seller")} party={v.seller} vatLabel={v.t("vatNumber")} />
          <Party label={v.t("buyer")} party={v.buyer} vatLabel={v.t("vatNumber")} />
        </View>
        <Text style={{ marginBottom: 12 }}>{v.line}</Text>
        <View style={[styles.row, styles.bold]}>
          <Text style={styles.grow}>{v.t("rate")}</Text>
          <Text style={styles.amount}>{v.t("base")}</Text>
          <Text style={styles.amount}>{v.t("vat")}</Text>
          <Text style={styles.amount}>{v.t("total")}</Text>
        </View>
        {v.rows.map((r) => (
          <View key={r.rate} style={styles.row}>
            <Text style={styles.grow}>{r.rate}</Text>
            <Text style={styles.amount}>{r.base}</Text>
            <Text style={styles.amount}>{r.vat}</Text>
            <Text style={styles.amount}>{r.total}</Text>
          </View>
        ))}
        <View style={[styles.row, styles.bold]}>
          <Text style={styles.grow}>{v.t("totals")}</Text>
          <Text style={styles.amount}>{v.totals.base}</Text>
          <Text style={styles.amount}>{v.totals.vat}</Text>
          <Text style={styles.amount}>{v.totals.total}</Text>
        </View>
        <Text style={{ marginTop: 18 }}>{v.paid}</Text>
      </Page>
    </Document>,
  );
}
