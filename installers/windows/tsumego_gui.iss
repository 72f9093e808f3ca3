; Inno Setup script of the Windows installer; installers\build_windows.ps1 passes
; AppVersion, SourceDir (the PyInstaller one-dir), OutputDir and IconFile with /D.
; Installs per user by default (no administrator needed; /ALLUSERS or the dialog for all
; users), adds Start-menu entries, optionally a desktop icon, the .sgf association and
; the folder of `tsumego.exe` to the user's PATH.  Settings stay in the user's profile.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif

[Setup]
AppId={{6C3E8F3A-2B8E-4B55-9C1D-7A4F1E0B9D21}
AppName=tsumego_gui
AppVersion={#AppVersion}
AppPublisher=tsumego_gui developers
DefaultDirName={autopf}\tsumego_gui
DefaultGroupName=tsumego_gui
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=tsumego_gui-{#AppVersion}-windows-x64-setup
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\tsumego-gui.exe
Compression=lzma2/fast
SolidCompression=yes
ChangesEnvironment=yes
ChangesAssociations=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; Flags: unchecked
Name: "sgf"; Description: "Open .sgf files with tsumego_gui"; Flags: unchecked
Name: "path"; Description: "Add the tsumego command to PATH"

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\tsumego_gui"; Filename: "{app}\tsumego-gui.exe"
Name: "{group}\Uninstall tsumego_gui"; Filename: "{uninstallexe}"
Name: "{autodesktop}\tsumego_gui"; Filename: "{app}\tsumego-gui.exe"; Tasks: desktopicon

[Registry]
Root: HKA; Subkey: "Software\Classes\.sgf\OpenWithProgids"; ValueType: string; ValueName: "tsumego_gui.sgf"; ValueData: ""; Flags: uninsdeletevalue; Tasks: sgf
Root: HKA; Subkey: "Software\Classes\tsumego_gui.sgf"; ValueType: string; ValueName: ""; ValueData: "Go game record (SGF)"; Flags: uninsdeletekey; Tasks: sgf
Root: HKA; Subkey: "Software\Classes\tsumego_gui.sgf\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\tsumego-gui.exe,0"; Tasks: sgf
Root: HKA; Subkey: "Software\Classes\tsumego_gui.sgf\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\tsumego-gui.exe"" ""%1"""; Tasks: sgf
Root: HKCU; Subkey: "Environment"; ValueType: expandsz; ValueName: "Path"; ValueData: "{olddata};{app}"; Tasks: path; Check: NeedsAddPath(ExpandConstant('{app}'))

[Run]
Filename: "{app}\tsumego-gui.exe"; Description: "{cm:LaunchProgram,tsumego_gui}"; Flags: nowait postinstall skipifsilent

[Code]
function NeedsAddPath(Dir: string): Boolean;
var
  Path: string;
begin
  if not RegQueryStringValue(HKCU, 'Environment', 'Path', Path) then
  begin
    Result := True;
    exit;
  end;
  Result := Pos(';' + Uppercase(Dir) + ';', ';' + Uppercase(Path) + ';') = 0;
end;
