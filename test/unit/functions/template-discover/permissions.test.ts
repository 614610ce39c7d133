import { permissions } from '../../../../functions/template-discover/permissions.ts';
import { describePermissions } from '../permission-suite.ts';
import { definition, SCENARIOS } from './permission-scenarios.ts';

describePermissions(permissions, definition, SCENARIOS);
