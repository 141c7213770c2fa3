// The console is a staff tool used on desktop machines: Mantine's whole stylesheet (one cached
// file) rather than the portal's per-component imports. Dates and dropzone are added by the
// screens that use them.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
