// Every Mantine component's styles, the date pickers' and the charts': every screen but the
// dashboard waits for them with its chunk (router.tsx). The signed-in layout brings only what
// it and the dashboard show, so a cold start does not parse all of them before the tiles.
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/charts/styles.layer.css';

export const allStyles = true;
