// The baseline for the adapter-overhead ratio: the same salon read (the same service function,
// the same pool) behind a bare express route, without tRPC or the OpenAPI adapter.
import express from 'express';
import { openDatabase } from '../src/server/db/index.js';
import { getMerchantById } from '../src/server/services/discovery/details.js';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolMax: 10 });
const app = express();
app.get('/bare/salon/:id', async (req, res) => {
  try {
    res.json(await getMerchantById(handle.db, null, { id: req.params.id }));
  } catch {
    res.status(404).json({ message: 'Salon not found' });
  }
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare ready'));
process.on('SIGTERM', () => server.close(() => void handle.close().then(() => process.exit(0))));
