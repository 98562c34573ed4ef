export { formatINR } from '../../../shared/money';
