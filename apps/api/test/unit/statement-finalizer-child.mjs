// Child process of statement-finalizer.test.ts, started with --expose-gc. It prepares and drops
// many SQLite statements and lets the garbage collector finalize them both from JavaScript
// (gc()) and from V8's own tasks between turns of the event loop, outside any JavaScript
// context: the second is where better-sqlite3 12 aborted on Node 24.19+
// (Statement::~Statement -> RemoveEnvironmentCleanupHook, "(env) != nullptr").
import Database from 'better-sqlite3';

const db = new Database(':memory:');
db.exec('create table t (id integer primary key, v text)');

// In a function, so that nothing on the module's own frame keeps the statements alive.
function churn(round) {
  for (let index = 0; index < 10_000; index += 1) {
    db.prepare(`select v from t where id = ? -- ${round}.${index}`).get(index);
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

for (let round = 0; round < 20; round += 1) {
  churn(round);
  // Idle turns: the collection V8 schedules as a task of its own runs here.
  for (let turn = 0; turn < 5; turn += 1) await nextTurn();
}
globalThis.gc();
await globalThis.gc({ type: 'major', execution: 'async' });
db.close();
console.log('finalized without abort');
