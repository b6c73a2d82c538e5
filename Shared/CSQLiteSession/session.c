#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>
#include <string.h>
#include "memoss_session.h"

void *memoss_session_begin(void *db, const char *const *tables, int count, int *rc) {
    sqlite3_session *session = NULL;
    *rc = sqlite3session_create((sqlite3 *)db, "main", &session);
    if (*rc != SQLITE_OK) return NULL;
    for (int i = 0; i < count; i++) {
        *rc = sqlite3session_attach(session, tables[i]);
        if (*rc != SQLITE_OK) {
            sqlite3session_delete(session);
            return NULL;
        }
    }
    return session;
}

int memoss_session_changeset(void *session, int *size, void **bytes) {
    return sqlite3session_changeset((sqlite3_session *)session, size, bytes);
}

void memoss_session_end(void *session) {
    if (session) sqlite3session_delete((sqlite3_session *)session);
}

int memoss_changeset_invert(int size, const void *bytes, int *outSize, void **out) {
    return sqlite3changeset_invert(size, bytes, outSize, out);
}

static int on_conflict(void *context, int reason, sqlite3_changeset_iter *iter) {
    (void)context;
    (void)iter;
    switch (reason) {
    case SQLITE_CHANGESET_DATA:
    case SQLITE_CHANGESET_CONFLICT:
        return SQLITE_CHANGESET_REPLACE;
    case SQLITE_CHANGESET_NOTFOUND:
        return SQLITE_CHANGESET_OMIT;
    default:
        return SQLITE_CHANGESET_ABORT;
    }
}

int memoss_changeset_apply(void *db, int size, const void *bytes) {
    return sqlite3changeset_apply((sqlite3 *)db, size, (void *)bytes, NULL, on_conflict, NULL);
}

/* Calls `visit` with each change of `table` in the changeset, its operation and column count. */
static int each_change(int size, const void *bytes, const char *table,
                       void (*visit)(sqlite3_changeset_iter *iter, int op, int columns, void *state), void *state) {
    sqlite3_changeset_iter *iter = NULL;
    int rc = sqlite3changeset_start(&iter, size, (void *)bytes);
    if (rc != SQLITE_OK) return rc;
    while (sqlite3changeset_next(iter) == SQLITE_ROW) {
        const char *name = NULL;
        int columns = 0, op = 0, indirect = 0;
        sqlite3changeset_op(iter, &name, &columns, &op, &indirect);
        if (strcmp(name, table) == 0) visit(iter, op, columns, state);
    }
    return sqlite3changeset_finalize(iter);
}

/* The blob primary key of the change `iter` is at (its new row's for an insert), or NULL. */
static sqlite3_value *blob_key(sqlite3_changeset_iter *iter, int op) {
    sqlite3_value *key = NULL;
    int rc = op == SQLITE_INSERT ? sqlite3changeset_new(iter, 0, &key) : sqlite3changeset_old(iter, 0, &key);
    return rc == SQLITE_OK && key && sqlite3_value_type(key) == SQLITE_BLOB ? key : NULL;
}

typedef struct {
    void (*visit)(const void *key, int keySize, int op, void *context);
    void *context;
} KeyOps;

static void visit_key_op(sqlite3_changeset_iter *iter, int op, int columns, void *state) {
    (void)columns;
    KeyOps *keys = state;
    sqlite3_value *key = blob_key(iter, op);
    if (key) keys->visit(sqlite3_value_blob(key), sqlite3_value_bytes(key), op, keys->context);
}

int memoss_changeset_blob_key_ops(int size, const void *bytes, const char *table,
                                  void (*visit)(const void *key, int keySize, int op, void *context), void *context) {
    KeyOps keys = { visit, context };
    return each_change(size, bytes, table, visit_key_op, &keys);
}

typedef struct {
    void (*visit)(const void *key, int keySize, void *context);
    void *context;
} Keys;

static void without_op(const void *key, int keySize, int op, void *context) {
    (void)op;
    Keys *keys = context;
    keys->visit(key, keySize, keys->context);
}

int memoss_changeset_blob_keys(int size, const void *bytes, const char *table,
                               void (*visit)(const void *key, int keySize, void *context), void *context) {
    Keys keys = { visit, context };
    return memoss_changeset_blob_key_ops(size, bytes, table, without_op, &keys);
}

typedef struct {
    int column;
    void (*visit)(const void *key, int keySize, const unsigned char *text, int textSize, void *context);
    void *context;
} DeletedTexts;

static void visit_deleted_text(sqlite3_changeset_iter *iter, int op, int columns, void *state) {
    DeletedTexts *found = state;
    if (op != SQLITE_DELETE || found->column >= columns) return;
    sqlite3_value *key = blob_key(iter, op), *value = NULL;
    if (!key) return;
    int hasText = sqlite3changeset_old(iter, found->column, &value) == SQLITE_OK && value && sqlite3_value_type(value) == SQLITE_TEXT;
    found->visit(sqlite3_value_blob(key), sqlite3_value_bytes(key), hasText ? sqlite3_value_text(value) : NULL,
                 hasText ? sqlite3_value_bytes(value) : 0, found->context);
}

int memoss_changeset_deleted_texts(int size, const void *bytes, const char *table, int column,
                                   void (*visit)(const void *key, int keySize, const unsigned char *text, int textSize, void *context),
                                   void *context) {
    DeletedTexts found = { column, visit, context };
    return each_change(size, bytes, table, visit_deleted_text, &found);
}

void memoss_free(void *pointer) { sqlite3_free(pointer); }

int memoss_keep_wal_on_close(void *db) {
    return sqlite3_db_config((sqlite3 *)db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

int memoss_configure_sqlite(void) {
    int rc = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    if (rc == SQLITE_OK) rc = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return rc;
}

/* ---- Rewriting instants in changesets (migration v15) ---- */

typedef struct {
    unsigned char *bytes;
    int size, capacity, failed;
} Buffer;

static void buffer_put(Buffer *b, const void *data, int count) {
    if (b->failed) return;
    if (b->size + count > b->capacity) {
        int capacity = b->capacity ? b->capacity : 256;
        while (capacity < b->size + count) capacity *= 2;
        unsigned char *grown = sqlite3_realloc(b->bytes, capacity);
        if (!grown) { b->failed = 1; return; }
        b->bytes = grown;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->size, data, count);
    b->size += count;
}

static void buffer_byte(Buffer *b, unsigned char byte) { buffer_put(b, &byte, 1); }

/* SQLite's varint: big-endian groups of 7 bits, the high bit saying another byte follows. */
static void buffer_varint(Buffer *b, sqlite3_uint64 v) {
    unsigned char groups[10];
    int n = 0;
    do {
        groups[n++] = (unsigned char)((v & 0x7f) | 0x80);
        v >>= 7;
    } while (v != 0);
    groups[0] &= 0x7f;
    for (int i = n - 1; i >= 0; i--) buffer_byte(b, groups[i]);
}

static void buffer_u64(Buffer *b, sqlite3_uint64 v) {
    for (int shift = 56; shift >= 0; shift -= 8) buffer_byte(b, (unsigned char)(v >> shift));
}

static int digits(const unsigned char *text, int count, int *value) {
    int result = 0;
    for (int i = 0; i < count; i++) {
        if (text[i] < '0' || text[i] > '9') return 0;
        result = result * 10 + (text[i] - '0');
    }
    *value = result;
    return 1;
}

/* "YYYY-MM-DD HH:MM:SS" with optional ".SSS" (how GRDB wrote instants, in UTC) as milliseconds
   since 1970; 0 when the text is not such an instant. */
static int instant_ms(const unsigned char *text, int length, sqlite3_int64 *ms) {
    int year, month, day, hour, minute, second, millis = 0;
    if (length != 19 && length != 23) return 0;
    if (text[4] != '-' || text[7] != '-' || (text[10] != ' ' && text[10] != 'T') || text[13] != ':' || text[16] != ':') return 0;
    if (!digits(text, 4, &year) || !digits(text + 5, 2, &month) || !digits(text + 8, 2, &day)
        || !digits(text + 11, 2, &hour) || !digits(text + 14, 2, &minute) || !digits(text + 17, 2, &second)) return 0;
    if (length == 23 && (text[19] != '.' || !digits(text + 20, 3, &millis))) return 0;
    if (month < 1 || month > 12 || day < 1 || day > 31) return 0;
    /* Days from 1970-01-01 to the civil date (Howard Hinnant's days_from_civil). */
    sqlite3_int64 y = year - (month <= 2);
    sqlite3_int64 era = (y >= 0 ? y : y - 399) / 400;
    sqlite3_int64 yoe = y - era * 400;
    sqlite3_int64 doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    sqlite3_int64 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    sqlite3_int64 days = era * 146097 + doe - 719468;
    *ms = ((days * 24 + hour) * 60 + minute) * 60000 + second * 1000 + millis;
    return 1;
}

static void buffer_value(Buffer *b, sqlite3_value *value, int isInstant) {
    if (!value) { buffer_byte(b, 0); return; } /* undefined: a column an update left alone */
    switch (sqlite3_value_type(value)) {
    case SQLITE_INTEGER:
        buffer_byte(b, 1);
        buffer_u64(b, (sqlite3_uint64)sqlite3_value_int64(value));
        break;
    case SQLITE_FLOAT: {
        double d = sqlite3_value_double(value);
        sqlite3_uint64 bits;
        memcpy(&bits, &d, sizeof bits);
        buffer_byte(b, 2);
        buffer_u64(b, bits);
        break;
    }
    case SQLITE_TEXT: {
        const unsigned char *text = sqlite3_value_text(value);
        int length = sqlite3_value_bytes(value);
        sqlite3_int64 ms;
        if (isInstant && instant_ms(text, length, &ms)) {
            buffer_byte(b, 1);
            buffer_u64(b, (sqlite3_uint64)ms);
        } else {
            buffer_byte(b, 3);
            buffer_varint(b, (sqlite3_uint64)length);
            buffer_put(b, text, length);
        }
        break;
    }
    case SQLITE_BLOB: {
        int length = sqlite3_value_bytes(value);
        buffer_byte(b, 4);
        buffer_varint(b, (sqlite3_uint64)length);
        if (length > 0) buffer_put(b, sqlite3_value_blob(value), length);
        break;
    }
    default:
        buffer_byte(b, 5);
    }
}

static int column_is_instant(const char *table, int column, const char *const *tables,
                             const int *columns, int count) {
    for (int i = 0; i < count; i++) {
        if (columns[i] == column && strcmp(tables[i], table) == 0) return 1;
    }
    return 0;
}

int memoss_changeset_instants_to_ms(int size, const void *bytes, const char *const *tables, const int *columns,
                                    int count, int *outSize, void **out) {
    sqlite3_changeset_iter *iter = NULL;
    Buffer b = {0};
    const char *current = NULL;
    *out = NULL;
    *outSize = 0;
    int rc = sqlite3changeset_start(&iter, size, (void *)bytes);
    if (rc != SQLITE_OK) return rc;
    while (sqlite3changeset_next(iter) == SQLITE_ROW) {
        const char *name = NULL;
        int nColumns = 0, op = 0, indirect = 0;
        unsigned char *primaryKey = NULL;
        sqlite3changeset_op(iter, &name, &nColumns, &op, &indirect);
        sqlite3changeset_pk(iter, &primaryKey, &nColumns);
        if (!current || strcmp(current, name) != 0) {
            buffer_byte(&b, 'T');
            buffer_varint(&b, (sqlite3_uint64)nColumns);
            buffer_put(&b, primaryKey, nColumns);
            buffer_put(&b, name, (int)strlen(name) + 1);
            current = name;
        }
        buffer_byte(&b, (unsigned char)op);
        buffer_byte(&b, (unsigned char)indirect);
        for (int pass = 0; pass < 2; pass++) {
            /* A delete carries the old row, an insert the new one, an update both (old first). */
            int isOld = pass == 0;
            if ((op == SQLITE_INSERT && isOld) || (op == SQLITE_DELETE && !isOld)) continue;
            for (int column = 0; column < nColumns; column++) {
                sqlite3_value *value = NULL;
                rc = isOld ? sqlite3changeset_old(iter, column, &value) : sqlite3changeset_new(iter, column, &value);
                if (rc != SQLITE_OK) break;
                buffer_value(&b, value, column_is_instant(name, column, tables, columns, count));
            }
            if (rc != SQLITE_OK) break;
        }
        if (rc != SQLITE_OK) break;
    }
    int finalized = sqlite3changeset_finalize(iter);
    if (rc == SQLITE_OK) rc = finalized;
    if (rc == SQLITE_OK && b.failed) rc = SQLITE_NOMEM;
    if (rc != SQLITE_OK) {
        sqlite3_free(b.bytes);
        return rc;
    }
    *out = b.bytes;
    *outSize = b.size;
    return SQLITE_OK;
}
