// uPlot and its styles, in the chunk `Chart` loads when a chart first shows: a page without a
// chart never downloads them.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export default uPlot;
