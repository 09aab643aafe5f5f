import { browserHarness } from '../support/browserHarness';
import { seedA11yWorld, type A11yWorld } from '../support/a11yPages';
import { describeVisits } from '../support/a11yVisit';

// The other roles' pages and the route coverage check run in accessibility.test.ts.
let world: A11yWorld;
const app = browserHarness(async (db) => {
  world = await seedA11yWorld(db);
});

describeVisits(app, () => world, ['maintainer']);
