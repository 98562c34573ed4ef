// Prints, after a failed `npm run test:all`, every failed test of both groups with the start of its
// error. The two groups' reports are long and interleave with each other's logs; CI keeps only the
// end of the output, so the failures are repeated last.
import { existsSync, readFileSync } from 'node:fs';

type Assertion = { fullName: string; status: string; failureMessages?: string[] };
type Report = { testResults?: { name: string; status: string; message?: string; assertionResults?: Assertion[] }[] };

const files = process.argv.slice(2);
let failed = 0;
for (const file of files) {
  if (!existsSync(file)) {
    console.log(`test failures: ${file} was not written (the group did not finish)`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  for (const suite of report.testResults ?? []) {
    const where = suite.name.replace(`${process.cwd()}/`, '');
    if (suite.status === 'failed' && suite.message) {
      failed++;
      console.log(`FAILED ${where}: ${suite.message.split('\n').slice(0, 6).join('\n  ')}`);
    }
    for (const a of suite.assertionResults ?? []) {
      if (a.status !== 'failed') continue;
      failed++;
      const message = (a.failureMessages ?? [])
        .join('\n')
        .split('\n')
        .filter((line) => !/node_modules|^\s+at new Promise/.test(line))
        .slice(0, 12)
        .join('\n  ');
      console.log(`FAILED ${where} > ${a.fullName}\n  ${message}`);
    }
  }
}
console.log(`test failures: ${failed} failed in ${files.join(', ')}`);
