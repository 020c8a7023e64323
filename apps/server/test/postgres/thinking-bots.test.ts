// The thinking-bots and hints suite, with every test server on PostgreSQL.
import '../support/on-postgres.ts';
import '../thinking-bots.test.ts';
