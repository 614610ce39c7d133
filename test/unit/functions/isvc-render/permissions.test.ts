import { permissions } from '../../../../functions/isvc-render/permissions.ts';
import { describePermissions } from '../permission-suite.ts';
import { definition, SCENARIOS } from './permission-scenarios.ts';

describePermissions(permissions, definition, SCENARIOS);
