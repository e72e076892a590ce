/** The two database engines: SQLite (one instance) and PostgreSQL (several). */
export type Engine = 'sqlite' | 'postgres';
