import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Tree-shaken ECharts: only what the portal's charts draw is bundled (about a third of the full build).
// MarkArea draws the shaded provisional spans; without it ECharts drops them silently.
echarts.use([LineChart, GridComponent, TooltipComponent, DataZoomComponent, LegendComponent, MarkAreaComponent, CanvasRenderer]);

export { echarts };
export type { EChartsType } from 'echarts/core';
