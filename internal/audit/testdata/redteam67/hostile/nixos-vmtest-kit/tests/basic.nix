{
  name = "myservice-basic";

  nodes = {
    server = { config, pkgs, ... }: {
      imports = [ ../module.nix ];
      services.myservice = {
        enable = true;
        port = 8080;
      };
      networking.firewall.allowedTCPPorts = [ 8080 ];
    };

    client = { pkgs, ... }: {
      environment.systemPackages = [ pkgs.curl ];
    };
  };

  testScript = ''
    start_all()
    server.wait_for_unit("myservice.service")
    server.wait_for_open_port(8080)

    with subtest("health endpoint answers from the client"):
        out = client.succeed("curl -sf http://server:8080/healthz")
        assert "ok" in out, out

    with subtest("service restarts cleanly"):
        server.systemctl("restart myservice.service")
        server.wait_for_unit("myservice.service")
        client.wait_until_succeeds("curl -sf http://server:8080/healthz")

    with subtest("state survives a restart"):
        client.succeed("curl -sf -X PUT -d v=1 http://server:8080/kv/a")
        server.systemctl("restart myservice.service")
        server.wait_for_open_port(8080)
        assert client.succeed("curl -sf http://server:8080/kv/a").strip() == "1"
  '';
}
