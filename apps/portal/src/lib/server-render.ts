/** The `<script type="application/json">` that carries a rendered page's data to the browser. */
export const SERVER_DATA_ID = 'flagship-server-data';
