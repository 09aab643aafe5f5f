import { openDatabase } from '../db/database';
import { createApp } from './app';
import { dbPath, DEFAULT_CLIENT_DIR } from './config';
import { DEMO_ACCOUNTS, isEmpty, seedDemo } from './seed';
import { findUser } from './services/users';

async function main(): Promise<void> {
  const file = dbPath();
  const db = openDatabase(file);
  if (isEmpty(db)) {
    console.log('First start: seeding the demo from data/ …');
    await seedDemo(db);
  }
  const clientDir = process.env.CCB_CLIENT_DIR ?? DEFAULT_CLIENT_DIR;
  const app = createApp({ db, clientDir });
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  const server = app.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    console.log(`CCB Studio is running at http://${host}:${actualPort}/`);
    console.log(`Database: ${file}`);
    const demo = DEMO_ACCOUNTS.filter((a) => findUser(db, a.username));
    if (demo.length > 0) {
      console.log('Demo accounts (username / password / role):');
      for (const a of demo) console.log(`  ${a.username.padEnd(8)} ${a.password.padEnd(18)} ${a.role}`);
    }
  });
  const stop = () => server.close(() => {
    db.close();
    process.exit(0);
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
