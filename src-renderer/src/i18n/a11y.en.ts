/** Strings of accessibility and keyboard helpers: chart alternatives, the shortcuts dialog. */
export default {
  a11y: {
    chart: {
      viewTable: 'View as table',
      viewChart: 'View as chart',
      tableCaption: 'The chart’s numbers',
      category: 'Item',
      date: 'Date',
      value: 'Value',
      trend: '{series}: {first} on {from}, {last} on {to}',
      parts: '{label}: {value}',
      more: 'and {count} more',
      noData: 'no data',
    },
    historyTable: 'Positions by date',
    other: 'Other ({count})',
    shortcuts: {
      title: 'Keyboard shortcuts',
      open: 'Keyboard shortcuts (?)',
      help: 'Show this list',
      search: 'Focus the search field of the screen',
      run: 'Run an update of the open project',
      skip: 'First Tab on a page: skip to the content',
      tab: 'Move between controls; Enter or Space activates, Escape closes a dialog or menu',
      rows: 'In tables: Tab to a row, Enter opens it',
    },
  },
};
