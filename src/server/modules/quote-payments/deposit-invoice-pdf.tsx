import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import type { QuoteInvoiceParty } from "../../db/schema";
import { type QuoteInvoiceRow, depositInvoiceView } from "./deposit-invoice";

/** The deposit invoice as a PDF (imported on demand: @react-pdf stays out of the start-up bundle, decision 042). */
const styles = StyleSheet.create({
  page: { padding: 48, fontSize: 10, fontFamily: "Helvetica", color: "#0f172a" },
  title: { fontSize: 18, marginBottom: 12, fontFamily: "Helvetica-Bold" },
  parties: { flexDirection: "row", gap: 32, marginVertical: 18 },
  party: { flexGrow: 1, flexBasis: 0 },
  label: { fontSize: 8, color: "#475569", textTransform: "uppercase", marginBottom: 4 },
  row: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#e2e8f0", paddingVertical: 6 },
  grow: { flexGrow: 1, flexBasis: 0 },
  amount: { width: 90, textAlign: "right" },
  bold: { fontFamily: "Helvetica-Bold" },
});

function Party({ label, party, vatLabel }: { label: string; party: QuoteInvoiceParty; vatLabel: string }) {
  return (
    <View style={styles.party}>
      <Text style={styles.label}>{label}</Text>
      {[party.name, ...party.lines].map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of an address
        <Text key={i}>{line}</Text>
      ))}
      {party.vatNumber ? <Text>{`${vatLabel}: ${party.vatNumber}`}</Text> : null}
    </View>
  );
}

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
