// Every unit test file: whatever a test rendered is unmounted after it. Testing Library does
// this by itself only with Vitest's globals, which this project leaves off; a hook left
// mounted keeps reacting to shared state (the jotai store) and can render after the file's
// DOM is gone ("window is not defined", reported as an unhandled error).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
