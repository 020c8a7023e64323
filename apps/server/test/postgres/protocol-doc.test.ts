// The protocol-doc suite, with every test server on PostgreSQL.
import '../support/on-postgres.ts';
import '../protocol-doc.test.ts';
