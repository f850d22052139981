//! The data layer's one shape for a resource's rows, read and written.
//!
//! Reads: a `Table` names the columns its row type reads (through `FromRow`), where they come
//! from, and how a row becomes the API's value. `select` gives it a filter with the values of
//! its placeholders (`Bind`); then `page` reads one page of the rows the filter matches, in an
//! order, with how many match in all (the same filter and values for both), `all` every row,
//! `first` the first rows and `one` a single row.
//!
//! Writes: `Changes` lists the columns a save writes, once for the insert and the update alike;
//! `Target` says which row (a new one or the one there is). A row with a handle unique in the
//! store declares its columns with `with_handle!`, and `save_with_handle` refuses a handle
//! another row has (409) before it writes. Deletes are `db::delete_in_store`.
//!
//! Every statement is written once, in SQL both databases accept.

use std::future::Future;

use core_wasm::catalog::Paging;
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::{Any, AnyPool, Arguments, Executor, FromRow};

use crate::error::ApiError;

/// A value for a placeholder (`$1`, `$2` ...), in order: text or an integer, either maybe NULL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bind<'a> {
    Text(Option<&'a str>),
    Int(Option<i64>),
}

impl<'a> From<&'a str> for Bind<'a> {
    fn from(value: &'a str) -> Self {
        Bind::Text(Some(value))
    }
}

impl<'a> From<&'a String> for Bind<'a> {
    fn from(value: &'a String) -> Self {
        Bind::Text(Some(value))
    }
}

impl<'a> From<Option<&'a str>> for Bind<'a> {
    fn from(value: Option<&'a str>) -> Self {
        Bind::Text(value)
    }
}

impl<'a> From<&'a Option<String>> for Bind<'a> {
    fn from(value: &'a Option<String>) -> Self {
        Bind::Text(value.as_deref())
    }
}

impl From<i64> for Bind<'_> {
    fn from(value: i64) -> Self {
        Bind::Int(Some(value))
    }
}

impl From<Option<i64>> for Bind<'_> {
    fn from(value: Option<i64>) -> Self {
        Bind::Int(value)
    }
}

/// A flag as it is kept: 1 or 0.
impl From<bool> for Bind<'_> {
    fn from(value: bool) -> Self {
        Bind::Int(Some(i64::from(value)))
    }
}

impl From<&i64> for Bind<'_> {
    fn from(value: &i64) -> Self {
        Bind::from(*value)
    }
}

impl From<&Option<i64>> for Bind<'_> {
    fn from(value: &Option<i64>) -> Self {
        Bind::from(*value)
    }
}

impl From<&bool> for Bind<'_> {
    fn from(value: &bool) -> Self {
        Bind::from(*value)
    }
}

/// The placeholders' values as sqlx sends them.
fn arguments(binds: &[Bind<'_>]) -> Result<AnyArguments, sqlx::Error> {
    let mut arguments = AnyArguments::default();
    for bind in binds {
        match *bind {
            Bind::Text(text) => arguments.add(text),
            Bind::Int(number) => arguments.add(number),
        }
        .map_err(sqlx::Error::Encode)?;
    }
    Ok(arguments)
}

/// The words a list is searched by: trimmed and lower-case (empty for none), and the `LIKE`
/// pattern (with `ESCAPE '!'`) that finds them anywhere.
#[derive(Debug)]
pub struct Search {
    words: String,
    pattern: String,
}

impl Search {
    pub fn new(search: &str) -> Self {
        let words = search.trim().to_lowercase();
        let pattern = super::contains_pattern(&words);
        Self { words, pattern }
    }

    /// The words, for `$n = ''` (no search).
    pub fn words(&self) -> Bind<'_> {
        Bind::from(&self.words)
    }

    /// The pattern, for `LIKE $n ESCAPE '!'`.
    pub fn pattern(&self) -> Bind<'_> {
        Bind::from(&self.pattern)
    }
}

/// The rows sqlx can read into `Self`.
pub trait ReadRow: for<'r> FromRow<'r, AnyRow> + Send + Unpin {}

impl<R> ReadRow for R where R: for<'r> FromRow<'r, AnyRow> + Send + Unpin {}

/// Where a resource's rows are read from: `columns` of `from` read into `R`, shown as `T`.
#[derive(Debug)]
pub struct Table<R, T> {
    /// The columns, in the order and with the names `R`'s `FromRow` reads.
    pub columns: &'static str,
    /// The table, with the alias the columns and filters use if any (`customers c`).
    pub from: &'static str,
    /// A row as the API shows it.
    pub show: fn(R) -> T,
}

impl<R, T> Clone for Table<R, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R, T> Copy for Table<R, T> {}

impl<R: ReadRow, T> Table<R, T> {
    /// The rows `filter` matches, its placeholders `$1` ... filled by `binds` in order.
    pub fn select<'a>(self, filter: &'a str, binds: &'a [Bind<'a>]) -> Select<'a, R, T> {
        Select {
            table: self,
            filter,
            binds,
            order: None,
        }
    }

    /// Row `id` of the store, if any.
    pub async fn by_id<'e, E>(
        self,
        db: E,
        store_id: &str,
        id: &str,
    ) -> Result<Option<T>, sqlx::Error>
    where
        E: Executor<'e, Database = Any>,
    {
        let binds = [Bind::from(store_id), Bind::from(id)];
        self.select("store_id = $1 AND id = $2", &binds)
            .one(db)
            .await
    }
}

/// A filtered read of a `Table`, in an order when it is given one.
#[derive(Debug)]
pub struct Select<'a, R, T> {
    table: Table<R, T>,
    filter: &'a str,
    binds: &'a [Bind<'a>],
    order: Option<&'a str>,
}

impl<R: ReadRow, T> Select<'_, R, T> {
    /// In the order of `order` (an `ORDER BY` list).
    pub fn order_by(self, order: &'static str) -> Self {
        Self {
            order: Some(order),
            ..self
        }
    }

    /// The statement, with `tail` (a `LIMIT`) after the order.
    fn sql(&self, tail: &str) -> String {
        let Table { columns, from, .. } = self.table;
        let order = self
            .order
            .map(|o| format!(" ORDER BY {o}"))
            .unwrap_or_default();
        format!(
            "SELECT {columns} FROM {from} WHERE {}{order}{tail}",
            self.filter
        )
    }

    async fn rows<'e, E>(&self, db: E, tail: &str, more: &[Bind<'_>]) -> Result<Vec<T>, sqlx::Error>
    where
        E: Executor<'e, Database = Any>,
    {
        let binds = [self.binds, more].concat();
        let rows: Vec<R> =
            sqlx::query_as_with(sqlx::AssertSqlSafe(self.sql(tail)), arguments(&binds)?)
                .fetch_all(db)
                .await?;
        Ok(rows.into_iter().map(self.table.show).collect())
    }

    /// Every row.
    pub async fn all<'e, E>(&self, db: E) -> Result<Vec<T>, sqlx::Error>
    where
        E: Executor<'e, Database = Any>,
    {
        self.rows(db, "", &[]).await
    }

    /// The first `max` rows.
    pub async fn first(&self, db: &AnyPool, max: i64) -> Result<Vec<T>, sqlx::Error> {
        let tail = format!(" LIMIT ${}", self.binds.len() + 1);
        self.rows(db, &tail, &[Bind::from(max)]).await
    }

    /// The one row, if any (the first, if the filter matches more).
    pub async fn one<'e, E>(&self, db: E) -> Result<Option<T>, sqlx::Error>
    where
        E: Executor<'e, Database = Any>,
    {
        let row: Option<R> =
            sqlx::query_as_with(sqlx::AssertSqlSafe(self.sql("")), arguments(self.binds)?)
                .fetch_optional(db)
                .await?;
        Ok(row.map(self.table.show))
    }

    /// The rows of `paging`'s page, and how many rows match in all.
    pub async fn page(&self, db: &AnyPool, paging: Paging) -> Result<(Vec<T>, i64), sqlx::Error> {
        let n = self.binds.len();
        let tail = format!(" LIMIT ${} OFFSET ${}", n + 1, n + 2);
        let rows = self
            .rows(
                db,
                &tail,
                &[
                    Bind::from(i64::from(paging.limit)),
                    Bind::from(paging.offset),
                ],
            )
            .await?;
        let count = format!(
            "SELECT COUNT(*) FROM {} WHERE {}",
            self.table.from, self.filter
        );
        let total: i64 =
            sqlx::query_scalar_with(sqlx::AssertSqlSafe(count), arguments(self.binds)?)
                .fetch_one(db)
                .await?;
        Ok((rows, total))
    }
}

/// The row a save writes: a new one with this id, or the one there is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target<'a> {
    New(&'a str),
    Existing(&'a str),
}

impl<'a> Target<'a> {
    /// The row's id.
    pub fn id(self) -> &'a str {
        match self {
            Target::New(id) | Target::Existing(id) => id,
        }
    }

    /// The row another row of the store may not share a unique value with: none for a new one.
    pub fn other_than(self) -> &'a str {
        match self {
            Target::New(_) => "",
            Target::Existing(id) => id,
        }
    }
}

/// The columns a save writes to a row of a store's `table` (which has `id`, `store_id`,
/// `created_at` and `updated_at`), each with its value, at a time: one list for the insert and
/// the update.
#[derive(Debug)]
pub struct Changes<'a> {
    table: &'static str,
    now: i64,
    columns: Vec<(&'static str, Bind<'a>)>,
}

impl<'a> Changes<'a> {
    /// No change yet to a row of `table`, made at `now`.
    pub fn new(table: &'static str, now: i64) -> Self {
        Self {
            table,
            now,
            columns: Vec::new(),
        }
    }

    /// Writes `value` to `column`.
    pub fn set(mut self, column: &'static str, value: impl Into<Bind<'a>>) -> Self {
        self.columns.push((column, value.into()));
        self
    }

    /// Writes `value` to `column` when there is one, and leaves the column as it is otherwise.
    pub fn set_some(self, column: &'static str, value: Option<impl Into<Bind<'a>>>) -> Self {
        match value {
            Some(value) => self.set(column, value),
            None => self,
        }
    }

    /// The values: the columns', then `more`.
    fn values(&self, more: &[Bind<'a>]) -> Vec<Bind<'a>> {
        let columns = self.columns.iter().map(|(_, value)| *value);
        columns.chain(more.iter().copied()).collect()
    }

    /// Inserts row `id` of the store with the columns, created and updated then.
    pub async fn insert<'e, E>(&self, db: E, store_id: &str, id: &str) -> Result<(), sqlx::Error>
    where
        E: Executor<'e, Database = Any>,
    {
        let n = self.columns.len();
        let names: Vec<&str> = self.columns.iter().map(|(name, _)| *name).collect();
        let marks: Vec<String> = (1..=n).map(|k| format!("${k}")).collect();
        let sql = format!(
            "INSERT INTO {} ({}, id, store_id, created_at, updated_at) VALUES ({}, ${}, ${}, ${}, ${})",
            self.table,
            names.join(", "),
            marks.join(", "),
            n + 1,
            n + 2,
            n + 3,
            n + 3,
        );
        let binds = self.values(&[id.into(), store_id.into(), self.now.into()]);
        sqlx::query_with(sqlx::AssertSqlSafe(sql), arguments(&binds)?)
            .execute(db)
            .await?;
        Ok(())
    }

    /// Writes the columns to row `id` of the store, updated then; whether there was one.
    pub async fn update<'e, E>(&self, db: E, store_id: &str, id: &str) -> Result<bool, sqlx::Error>
    where
        E: Executor<'e, Database = Any>,
    {
        let n = self.columns.len();
        let sets: Vec<String> = (self.columns.iter().enumerate())
            .map(|(k, (name, _))| format!("{name} = ${}", k + 1))
            .collect();
        let sql = format!(
            "UPDATE {} SET {}, updated_at = ${} WHERE store_id = ${} AND id = ${}",
            self.table,
            sets.join(", "),
            n + 1,
            n + 2,
            n + 3,
        );
        let binds = self.values(&[self.now.into(), store_id.into(), id.into()]);
        let updated = sqlx::query_with(sqlx::AssertSqlSafe(sql), arguments(&binds)?)
            .execute(db)
            .await?;
        Ok(updated.rows_affected() > 0)
    }

    /// Inserts the `target` row of the store or writes over it; whether there was one to write.
    pub async fn save<'e, E>(
        &self,
        db: E,
        store_id: &str,
        target: Target<'_>,
    ) -> Result<bool, sqlx::Error>
    where
        E: Executor<'e, Database = Any>,
    {
        match target {
            Target::New(id) => self.insert(db, store_id, id).await.map(|()| true),
            Target::Existing(id) => self.update(db, store_id, id).await,
        }
    }
}

/// A store's row with a handle unique in the store (a product, a collection, a page, a menu),
/// as a save writes it.
pub trait WithHandle: Sync {
    /// Its table.
    const TABLE: &'static str;
    /// How a message names one ("page").
    const NOUN: &'static str;
    /// Its handle.
    fn handle(&self) -> &str;
    /// The columns it writes at `now`.
    fn changes(&self, now: i64) -> Changes<'_>;
    /// Writes it to the `target` row of the store at `now`.
    fn write(
        &self,
        db: &AnyPool,
        store_id: &str,
        target: Target<'_>,
        now: i64,
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send {
        async move { self.changes(now).save(db, store_id, target).await.map(drop) }
    }
}

/// Declares `$write` a store's row with a handle unique in the store: its table, how a message
/// names one, and its fields, each written to the column of its name. `write = f` replaces the
/// plain insert or update with `f(row, db, store_id, target, now)`.
macro_rules! with_handle {
    ($write:ty: $table:literal, $noun:literal, [$($field:ident),+ $(,)?] $(, write = $save:path)?) => {
        impl $crate::db::listing::WithHandle for $write {
            const TABLE: &'static str = $table;
            const NOUN: &'static str = $noun;
            fn handle(&self) -> &str {
                &self.handle
            }
            fn changes(&self, now: i64) -> $crate::db::listing::Changes<'_> {
                $crate::db::listing::Changes::new($table, now)$(.set(stringify!($field), &self.$field))+
            }
            $(async fn write(
                &self,
                db: &sqlx::AnyPool,
                store_id: &str,
                target: $crate::db::listing::Target<'_>,
                now: i64,
            ) -> Result<(), sqlx::Error> {
                $save(self, db, store_id, target, now).await
            })?
        }
    };
}
pub(crate) use with_handle;

/// Writes `row` to the `target` row of the store, unless another row of the store has its
/// handle: 409 then, and nothing is written.
pub async fn save_with_handle<W: WithHandle>(
    db: &AnyPool,
    store_id: &str,
    target: Target<'_>,
    row: &W,
) -> Result<(), ApiError> {
    let handle = row.handle();
    if super::handle_taken(db, W::TABLE, store_id, handle, target.other_than()).await? {
        return Err(ApiError::Conflict(format!(
            "Another {} already has the handle {handle}.",
            W::NOUN
        )));
    }
    Ok(row.write(db, store_id, target, super::now_ms()).await?)
}

/// Inserts `row` as the store's new row `id` in the caller's transaction (where a plan limit
/// was claimed): 409 when another row of the store has its handle.
pub async fn insert_with_handle<W: WithHandle>(
    conn: &mut sqlx::AnyConnection,
    store_id: &str,
    id: &str,
    row: &W,
) -> Result<(), ApiError> {
    let handle = row.handle();
    let sql = format!(
        "SELECT id FROM {} WHERE store_id = $1 AND handle = $2",
        W::TABLE
    );
    let taken: Option<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(handle)
        .fetch_optional(&mut *conn)
        .await?;
    if taken.is_some() {
        return Err(ApiError::Conflict(format!(
            "Another {} already has the handle {handle}.",
            W::NOUN
        )));
    }
    row.changes(super::now_ms())
        .save(&mut *conn, store_id, Target::New(id))
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, FromRow)]
    struct Row {
        id: String,
    }

    const ROWS: Table<Row, String> = Table {
        columns: "id",
        from: "things t",
        show: row_id,
    };

    fn row_id(row: Row) -> String {
        row.id
    }

    #[test]
    fn a_select_reads_its_columns_in_its_order() {
        let binds = [Bind::from("s")];
        let select = ROWS.select("t.store_id = $1", &binds).order_by("t.id");
        assert_eq!(
            select.sql(" LIMIT $2"),
            "SELECT id FROM things t WHERE t.store_id = $1 ORDER BY t.id LIMIT $2"
        );
    }

    #[test]
    fn flags_and_missing_values_bind_as_they_are_kept() {
        assert_eq!(Bind::from(true), Bind::Int(Some(1)));
        assert_eq!(Bind::from(None::<&str>), Bind::Text(None));
        let none: Option<String> = None;
        assert_eq!(Bind::from(&none), Bind::Text(None));
    }
}
