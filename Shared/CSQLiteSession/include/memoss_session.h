#ifndef MEMOSS_SESSION_H
#define MEMOSS_SESSION_H

// A narrow window on SQLite's session extension (changesets), which Debian's libsqlite3 is
// built with but whose declarations sqlite3.h hides unless SQLITE_ENABLE_SESSION is defined.
// Connections are passed as the `sqlite3 *` GRDB hands out, typed here as `void *`.

/// Starts recording the changes made on `db` to the `count` tables named in `tables`.
/// Returns the session, or NULL with `*rc` set to the SQLite error code.
void *memoss_session_begin(void *db, const char *const *tables, int count, int *rc);

/// The changes recorded so far, as a changeset the caller frees with `memoss_free`.
int memoss_session_changeset(void *session, int *size, void **bytes);

/// Stops recording and frees the session.
void memoss_session_end(void *session);

/// The changeset that undoes `bytes`; free it with `memoss_free`.
int memoss_changeset_invert(int size, const void *bytes, int *outSize, void **out);

/// Applies a changeset on `db` inside the current transaction. A row changed since (outside the
/// journal) takes the changeset's value; a row already gone is passed over; a change that breaks
/// a constraint or a foreign key aborts everything and returns an error code.
int memoss_changeset_apply(void *db, int size, const void *bytes);

/// Calls `visit` with the primary key (a blob) of every row of `table` the changeset touches.
int memoss_changeset_blob_keys(int size, const void *bytes, const char *table,
                               void (*visit)(const void *key, int keySize, void *context), void *context);

/// Calls `visit` with the blob primary key of every row of `table` the changeset inserts, updates
/// or deletes, and the operation (SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE).
int memoss_changeset_blob_key_ops(int size, const void *bytes, const char *table,
                                  void (*visit)(const void *key, int keySize, int op, void *context), void *context);

/// Calls `visit` with the blob primary key of every row of `table` the changeset deletes and the
/// text its column `column` had (NULL when it was not text).
int memoss_changeset_deleted_texts(int size, const void *bytes, const char *table, int column,
                                   void (*visit)(const void *key, int keySize, const unsigned char *text, int textSize, void *context),
                                   void *context);

/// The changeset `bytes` with every text value `YYYY-MM-DD HH:MM:SS[.SSS]` (an instant in UTC) in the
/// given columns written as an integer, milliseconds since 1970: column `columns[i]` of table
/// `tables[i]`, for `count` pairs. Other values are copied as they are. Free it with `memoss_free`.
int memoss_changeset_instants_to_ms(int size, const void *bytes, const char *const *tables, const int *columns,
                                    int count, int *outSize, void **out);

/// Leaves the WAL as it is when the connection closes (no checkpoint, no deletion), so the next
/// opening finds a WAL and reads without writing. Returns an SQLite result code.
int memoss_keep_wal_on_close(void *db);

/* Sets SQLite up for this process before its first connection opens: multi-thread mode (no lock
   taken on every call; each connection is used by one thread at a time) and no memory
   statistics (a global lock on every allocation). Returns SQLITE_OK, or SQLITE_MISUSE when a
   connection was opened already and nothing changed. */
int memoss_configure_sqlite(void);

/// Frees memory SQLite allocated.
void memoss_free(void *pointer);

#endif
