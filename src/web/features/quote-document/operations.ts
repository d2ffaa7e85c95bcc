import { graphql } from "../../graphql/generated";

/** The totals a quote document shows (one-off and recurring, VAT per rate): for quotes and blocks. */
export const TotalsFieldsFragment = graphql(`
  fragment TotalsFields on Totals {
    oneOff {
      subtotal
      discount
      totalExclVat
      vat {
        rate
        base
        vat
      }
      vatTotal
      totalInclVat
    }
    recurring {
      interval
      subtotal
      discount
      totalExclVat
      vat {
        rate
        base
        vat
      }
      vatTotal
      totalInclVat
    }
  }
`);
