// Every domain's job handlers register themselves on import.
import './messaging.js';
import './reminders.js';
import './bookingEmails.js';
import './push.js';
import '../../services/crm/marketing.js';
import '../../services/billing/service.js';
import '../../services/discovery/maintenance.js';
import '../../services/calendar/index.js';
