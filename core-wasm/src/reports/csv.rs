//! CSV as the product writes it: fields a spreadsheet never reads as formulas, exact amounts,
//! and the sales report's file.

use shared_types::reports::SalesGroup;

use super::{SalesFigures, SalesTable};
use crate::formats::Currency;

/// `text` as a spreadsheet reads it as text: a leading `= + - @` would start a formula, so it
/// gets a `'` before it. Every CSV the product writes goes through this.
pub fn defused(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@']) {
        std::borrow::Cow::Owned(format!("'{text}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// A CSV field: quoted when it must be, and never read as a formula by a spreadsheet.
pub fn csv_field(text: &str) -> String {
    let text = defused(text).into_owned();
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// Minor units as an exact decimal amount (`-12345` is `-123.45`).
pub fn csv_amount(minor: i64, currency: Currency) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let abs = minor.unsigned_abs();
    let scale = 10_u64.pow(currency.digits);
    if currency.digits == 0 {
        return format!("{sign}{abs}");
    }
    let width = currency.digits as usize;
    format!("{sign}{}.{:0width$}", abs / scale, abs % scale)
}

/// The sales table as CSV: a header, the rows, and a last row with the totals.
pub fn sales_csv(table: &SalesTable, group: SalesGroup, currency: Currency) -> String {
    let first = match group {
        SalesGroup::Day => "day",
        SalesGroup::Product => "product",
        SalesGroup::Country => "country",
        SalesGroup::Payment => "payment_method",
    };
    let mut csv = format!(
        "{first},{},orders,gross_sales,discounts,returns,shipping,taxes,net_sales,total_sales\n",
        if group == SalesGroup::Product || group == SalesGroup::Country {
            "name"
        } else {
            "label"
        }
    );
    let line = |key: &str, row: &SalesFigures| {
        format!(
            "{},{},{},{},{},{},{},{},{},{}\n",
            csv_field(key),
            csv_field(&row.label),
            row.orders,
            csv_amount(row.gross_minor, currency),
            csv_amount(row.discount_minor, currency),
            csv_amount(row.returns_minor, currency),
            csv_amount(row.shipping_minor, currency),
            csv_amount(row.tax_minor, currency),
            csv_amount(row.net_minor(), currency),
            csv_amount(row.total_minor(), currency),
        )
    };
    for row in &table.rows {
        csv.push_str(&line(&row.key, row));
    }
    let totals = SalesFigures {
        label: String::new(),
        ..table.totals.clone()
    };
    csv.push_str(&line("Total", &totals));
    csv
}

#[cfg(test)]
mod tests {
    use super::super::orders::tests::{day, line, order};
    use super::*;
    use crate::reports::sales_table;

    #[test]
    fn csv_ends_with_the_totals_and_defuses_formulas() {
        let days = [day("2026-11-01", 0)];
        let mut o = order(1, vec![line("a", 1, 1234)], 0, 0);
        o.payment = "=cmd".to_owned();
        let table = sales_table(&[o], &[], &days, 100, SalesGroup::Payment);
        let csv = sales_csv(&table, SalesGroup::Payment, Currency::default());
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines[1],
            "'=cmd,'=cmd,1,12.34,0.00,0.00,0.00,0.00,12.34,12.34"
        );
        assert_eq!(lines[2], "Total,,1,12.34,0.00,0.00,0.00,0.00,12.34,12.34");
        assert_eq!(csv_amount(-5, Currency::default()), "-0.05");
        let currency = crate::formats::currency_or_default;
        assert_eq!(csv_amount(-1999, currency("JPY")), "-1999");
        assert_eq!(csv_amount(1005, currency("KWD")), "1.005");
    }
}
