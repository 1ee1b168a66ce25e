// The only script every page ships: navigation menus and the footer year. Plain DOM, no framework.
import { enhanceNavigation } from './navigation';
import { showCurrentYear } from './current-year';

enhanceNavigation(document);
showCurrentYear(document, new Date());
