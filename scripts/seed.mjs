console.log("seed: (pending)");
