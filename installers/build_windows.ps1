# Builds the Windows installers of tsumego_gui from this checkout (run on Windows):
#   installers\dist\tsumego_gui\                                 the one-dir bundle (PyInstaller)
#   installers\dist\tsumego_gui-VERSION-windows-x64.zip            that folder, zipped
#   installers\dist\tsumego_gui-VERSION-windows-x64-setup.exe      Inno Setup installer
#
#   pwsh installers/build_windows.ps1          ($env:PYTHON picks the interpreter)
#
# The interpreter must have the app installed (pip install -e . with torch==2.13.0);
# PyInstaller comes from installers\requirements-build.txt.  Inno Setup 6 (iscc.exe) must
# be installed (choco install innosetup); without it only the zip is made.
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")
$start = Get-Date
$py = if ($env:PYTHON) { $env:PYTHON } else { "python" }
$version = & $py -c "import tomllib; print(tomllib.load(open('pyproject.toml','rb'))['project']['version'])"
$dist = "installers\dist"
Write-Host "tsumego_gui $version for windows with $py"

function Step($name, [scriptblock]$body) {
    Write-Host "== $name ..."
    $t = Get-Date
    & $body
    if ($LASTEXITCODE -and $LASTEXITCODE -ne 0) { throw "$name failed ($LASTEXITCODE)" }
    Write-Host ("== {0}: {1:N0} s" -f $name, ((Get-Date) - $t).TotalSeconds)
}

Step "build requirements" {
    & $py -c "import engine_cy.board, tsumego_gui.qt.app, torch"
    if ($LASTEXITCODE -ne 0) { throw "install the app first: pip install -e . (torch==2.13.0)" }
    & $py -m pip install -q -r installers\requirements-build.txt
}
Step "icon" { & $py installers\make_icon.py installers\build\icon }
Step "PyInstaller (one-dir)" {
    & $py -m PyInstaller --noconfirm --log-level WARN --distpath $dist `
        --workpath installers\build installers\tsumego_gui.spec
}
$zip = "$dist\tsumego_gui-$version-windows-x64.zip"
Step "zip" {
    if (Test-Path $zip) { Remove-Item $zip }
    Compress-Archive -Path "$dist\tsumego_gui" -DestinationPath $zip -CompressionLevel Optimal
}
$iscc = Get-Command iscc -ErrorAction SilentlyContinue
if (-not $iscc) { $iscc = Get-Item "${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe" -ErrorAction SilentlyContinue }
if ($iscc) {
    Step "Inno Setup installer" {
        & $iscc.Source /Q "/DAppVersion=$version" "/DSourceDir=$((Resolve-Path "$dist\tsumego_gui").Path)" `
            "/DOutputDir=$((Resolve-Path $dist).Path)" "/DIconFile=$((Resolve-Path installers\build\icon\tsumego-gui.ico).Path)" `
            installers\windows\tsumego_gui.iss
    }
} else {
    Write-Host "Inno Setup: skipped, iscc.exe not found (choco install innosetup)"
}
Write-Host "== sizes"
$bundle = (Get-ChildItem "$dist\tsumego_gui" -Recurse -File | Measure-Object Length -Sum).Sum
Write-Host ("   {0:N0} MB  $dist\tsumego_gui" -f ($bundle / 1MB))
Get-ChildItem $dist -File | ForEach-Object { Write-Host ("   {0:N0} MB  {1}" -f ($_.Length / 1MB), $_.FullName) }
Write-Host ("== build time: {0:N0} s" -f ((Get-Date) - $start).TotalSeconds)
