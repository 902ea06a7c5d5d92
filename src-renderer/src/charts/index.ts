/** The chart kit: components, the stable palette and API-shape adapters (see README.md). */
export { default as LineChart } from './LineChart.vue';
export { default as BarChart } from './BarChart.vue';
export { default as DoughnutChart } from './DoughnutChart.vue';
export { default as RadarChart } from './RadarChart.vue';
export * from './palette';
export * from './series';
export * from './from-api';
