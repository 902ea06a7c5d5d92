import { Menu, shell, type MenuItemConstructorOptions } from 'electron';

/**
 * Native menus with the usual shortcuts (copy/paste, zoom, reload, full screen, close). Roles
 * give each OS its own labels and accelerators; the developer tools only outside packaged builds.
 */
export function installMenu(options: { packaged: boolean; docsUrl: string }): void {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { label: 'File', submenu: [isMac ? { role: 'close' as const } : { role: 'quit' as const }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(options.packaged ? [] : [{ role: 'forceReload' as const }, { role: 'toggleDevTools' as const }]),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'AnswerScope documentation', click: () => void shell.openExternal(options.docsUrl) },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
