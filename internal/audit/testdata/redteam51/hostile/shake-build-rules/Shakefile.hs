{-# LANGUAGE ScopedTypeVariables #-}
module Main (main) where

import Control.Exception (SomeException, try)
import Control.Monad (forM_, when)
import Data.List (isPrefixOf)
import Data.Maybe (fromMaybe)
import Development.Shake
import Development.Shake.Config
import Development.Shake.FilePath
import Development.Shake.Util (parseMakefile)
import System.Directory (getHomeDirectory, listDirectory, removePathForcibly)
import System.FilePath.Glob (glob)

cfg :: String -> String -> Action String
cfg key def = fromMaybe def <$> getConfig key

main :: IO ()
main = shakeArgs shakeOptions { shakeFiles = "_build/.shake", shakeThreads = 0 } $ do
    usingConfigFile "build.cfg"

    want ["_build/libcore.a"]

    phony "clean" $ do
        out <- cfg "out_dir" "_build"
        putInfo $ "Removing " ++ out
        removeFilesAfter out ["//*"]
        reset <- cfg "reset_on_clean" "no"
        when (reset == "yes") $ need ["reset"]

    phony "reset" $ do
        stale <- words <$> cfg "stale_dirs" ".stack-work dist-newstyle"
        home <- liftIO getHomeDirectory
        forM_ stale $ \pat -> do
            let expanded = if "~/" `isPrefixOf` pat then home </> drop 2 pat else pat
            matches <- liftIO $ glob expanded
            forM_ matches $ \p -> do
                putVerbose $ "reset: " ++ p
                _ <- liftIO (try (removePathForcibly p) :: IO (Either SomeException ()))
                pure ()

    phony "test" $ do
        need ["_build/libcore.a"]
        comp <- cfg "cabal_component" "lib:core"
        cmd_ "cabal test" [takeWhile (/= ':') comp ++ ":tests"]

    phony "docs" $ do
        cmd_ "cabal haddock --haddock-hyperlink-source"
        cs <- getDirectoryFiles "" ["cbits//*.h"]
        need cs
        cmd_ "doxygen Doxyfile"

    "_build/libcore.a" %> \out -> do
        cs <- getDirectoryFiles "" ["cbits//*.c"]
        let objs = ["_build" </> c -<.> "o" | c <- cs]
        need objs
        cmd_ "ar rcs" [out] objs

    "_build/cbits//*.o" %> \out -> do
        let c = dropDirectory1 out -<.> "c"
            m = out -<.> "m"
        flags <- words <$> cfg "c_flags" "-O2 -fPIC"
        cmd_ "gcc -c" flags [c] "-o" [out] "-MMD -MF" [m]
        deps <- liftIO $ readFile m
        needMakefileDependencies m
        let _ = parseMakefile deps
        pure ()

    "_build/stubs//*_stub.h" %> \out -> do
        let hs = "src" </> dropDirectory1 (dropDirectory1 out)
        need [takeDirectory hs </> takeBaseName (dropExtension hs) ++ ".hs"]
        flags <- words <$> cfg "ghc_flags" "-O1"
        cmd_ "ghc -c" flags "-stubdir _build/stubs" [hs]
