import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import type { InvoiceParty, InvoiceRow } from "./billing.service";
import { invoiceView } from "./invoice-document";

/** The invoices' layout, shared with the deposit invoices of quotes (modules/quote-payments). */
export const styles = StyleSheet.create({
  page: { padding: 48, fontSize: 10, fontFamily: "Helvetica", color: "#0f172a" },
  title: { fontSize: 18, marginBottom: 12, fontFamily: "Helvetica-Bold" },
  parties: { flexDirection: "row", gap: 32, marginVertical: 18 },
  party: { flexGrow: 1, flexBasis: 0 },
  label: { fontSize: 8, color: "#475569", textTransform: "uppercase", marginBottom: 4 },
  row: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#e2e8f0", paddingVertical: 6 },
  grow: { flexGrow: 1, flexBasis: 0 },
  period: { width: 170 },
  amount: { width: 90, textAlign: "right" },
  bold: { fontFamily: "Helvetica-Bold" },
});

/** A seller or buyer block: name, address lines, VAT number. */
export function Party({ label, party, vatLabel }: { label: string; party: Pick<InvoiceParty, "name" | "lines" | "vatNumber">; vatLabel: string }) {
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

/** The invoice as a PDF (rendered on request from the stored row: the same view as the HTML). */
export async function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const v = invoiceView(invoice);
  return renderToBuffer(
    <Document title={v.title} language={v.locale}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{v.title}</Text>
        <Text>{`${v.labels.number}: ${v.number}`}</Text>
        <Text>{`${v.labels.date}: ${v.date}`}</Text>
        <View style={styles.parties}>
          <Party label={v.labels.seller} party={v.seller} vatLabel={v.labels.vatNumber} />
          <Party label={v.labels.buyer} party={v.buyer} vatLabel={v.labels.vatNumber} />
        </View>
        <View style={[styles.row, styles.bold]}>
          <Text style={styles.grow}>{v.labels.description}</Text>
          <Text style={styles.period}>{v.labels.period}</Text>
          <Text style={styles.amount}>{v.labels.net}</Text>
        </View>
        <View style={styles.row}>
          <Text style={styles.grow}>{v.line}</Text>
          <Text style={styles.period}>{v.period}</Text>
          <Text style={styles.amount}>{v.net}</Text>
        </View>
        <View style={styles.row}>
          <Text style={styles.grow}>{v.labels.vat}</Text>
          <Text style={styles.amount}>{v.vat}</Text>
        </View>
        <View style={[styles.row, styles.bold]}>
          <Text style={styles.grow}>{v.labels.total}</Text>
          <Text style={styles.amount}>{v.total}</Text>
        </View>
        <Text style={{ marginTop: 18 }}>{v.paid}</Text>
      </Page>
    </Document>,
  );
}
