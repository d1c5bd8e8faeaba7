// Not part of `npm run bench`: runs the tool-step section alone (issue 12's figure), e.g. under
// `node --cpu-prof --import tsx bench/src/profile-tool-steps.ts`.
import { benchToolSteps } from './tool-steps';

const section = await benchToolSteps();
console.log(JSON.stringify(section.figures, null, 2));
