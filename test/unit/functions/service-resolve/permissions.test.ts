import { permissions } from '../../../../functions/service-resolve/permissions.ts';
import { describePermissions } from '../permission-suite.ts';
import { definition, SCENARIOS } from './permission-scenarios.ts';

describePermissions(permissions, definition, SCENARIOS);
