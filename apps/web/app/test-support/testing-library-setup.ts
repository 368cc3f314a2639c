import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait for what a page shows after a dynamic import or a render. On two
// shared cores with the other suites running, that can take longer than Testing Library's 1 s;
// an element that appears is found at once, so only a failing wait takes the longer time.
configure({ asyncUtilTimeout: 10_000 });
