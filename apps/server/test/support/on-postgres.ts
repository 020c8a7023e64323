// Imported first by each file under test/postgres/: the suite it imports next runs with `testServer` on
// PostgreSQL (a database of its own per data directory) instead of SQLite.
(globalThis as { razziaTestStore?: string }).razziaTestStore = 'postgres';
