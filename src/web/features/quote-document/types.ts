/** The document shape lives in src/shared (the server's read model, the PDF and the page share it). */
export type { QuoteDocumentBlock, QuoteDocumentCustomer, QuoteDocumentData, QuoteDocumentLine } from "../../../shared/quote-document";
