// The stand-in suite, with every test server on PostgreSQL.
import '../support/on-postgres.ts';
import '../stand-in.test.ts';
